// What the playground knows of one cipher: its controls, its transform request, how it is broken and explained.
import type { CallOptions, CipherInputs, CipherOutputs } from '@cipher-service/client';
import type { Api } from '../api.js';

/** What every transform sends, whatever the cipher: the text and the two preserve options. */
type CommonFields = CipherInputs['rot13']['transform'];

/** What the transform panel reads from its shared controls, for the cipher to add its own fields to. */
export interface TransformForm {
  direction: 'encrypt' | 'decrypt';
  common: CommonFields;
  /** `common` with the chosen alphabet (and its letters when it is custom). */
  withAlphabet: Omit<CipherInputs['caesar']['encrypt'], 'shift'>;
}

/** What the breaker sends, whatever the attack. */
export type BreakFields = Pick<CipherInputs['caesar']['solve'], 'text' | 'language' | 'alphabet'>;

/** One explanation "What is this?" weighs. */
export type Explanation = CipherOutputs['analysis']['identify']['best_solution'];

/** How the breaker panel breaks texts of this cipher. */
interface Breaker {
  /** The ids of the breaker's fields only this attack shows. */
  fields: readonly string[];
  /** Field name to the id of the element that shows its errors, for this attack's own fields. */
  errors: Record<string, string>;
  /** A ciphertext to try it on. */
  example: string;
  /** Breaks `fields.text` and returns what the solution area shows. */
  solve(api: Api, fields: BreakFields): Promise<(Node | string)[]>;
}

export interface PlaygroundCipher {
  /** Its procedure group, and the value of its <option> and radio buttons. */
  name: string;
  /** Its name in a few words ("Caesar"), and as the cipher <select> offers it. */
  title: string;
  option: string;
  /** Whether it encrypts and decrypts apart (ROT13 is its own inverse). */
  twoWay: boolean;
  /** Whether it takes an alphabet (ROT13 works on A–Z only). */
  takesAlphabet: boolean;
  /** The ids of the transform fields only this cipher shows. */
  fields: readonly string[];
  /** Field name to the id of the element that shows its errors, for this cipher's own fields. */
  errors: Record<string, string>;
  /** Wires this cipher's own inputs, once: `schedule(delay)` asks for a transform after a pause. */
  listen(schedule: (delay?: number) => void): void;
  /** Sends the transform request. */
  transform(api: Api, form: TransformForm, options: CallOptions): Promise<{ result: string }>;
  /** How the letters move, under the transform panel: `letters` in order, `sign` -1 when decrypting. */
  mapping(letters: string[], sign: 1 | -1): Node[];
  /** The cipher whose breaker breaks its texts (ROT13's: Caesar's); none for a cipher the page cannot break yet. */
  brokenBy?: string;
  breaker?: Breaker;
  /** The verdict of "What is this?" in a few words, and why, when this cipher is the explanation. */
  explain?: { name(s: Explanation, language: string): string; why(s: Explanation, language: string): string };
  /** Other ciphers identify names that this module explains (Vigenère's family). */
  also?: readonly Explanation['cipher'][];
}
