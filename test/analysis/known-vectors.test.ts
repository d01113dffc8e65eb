// Known ciphertexts in every language, each a cited held-out corpus line, solved exactly by both solvers.
//
// Every plaintext is line `line` (1-based) of the base corpus's <lang>.txt (docs/corpus.md), a passage the corpus build
// keeps out of every part (so no model counts it), quoted in scripts/lib/held-out.ts with its source (Debian fortunes
// and man-page translations, GPL). The ciphertexts below were made with this repository's core ciphers and are
// kept literally so a change to the core cannot silently change what the solvers are tested on.
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../scripts/lib/held-out.js';
import { analyzeVigenere, LANGUAGE_INFO, type Language, solveCaesar } from '../../src/analysis/index.js';
import { caesarDecrypt, namedAlphabet, vigenereDecrypt } from '../../src/core/index.js';

interface Vector {
  language: Language;
  line: number;
  cipher: string;
}

/** Caesar: the shift that enciphered each line. */
const CAESAR: (Vector & { shift: number })[] = [
  {
    language: 'en',
    line: 1951,
    shift: 7,
    cipher:
      'rlyuls, u.: H whya vm hu vwlyhapun zfzalt aoha wylzlyclz aol tlkplchs ayhkpapvuz vm zvyjlyf huk ishjr hya.',
  },
  {
    language: 'pl',
    line: 821,
    shift: 10,
    cipher: 'Ćypż ć łępmuupkęrb bkęuph: Ćeżśhue ę oijri ćźxkpś ę ćphłźmt p żęthąi.',
  },
  {
    language: 'de',
    line: 911,
    shift: 13,
    cipher: 'Vä Ärf Höax, vä rvära Ärorätnbbr, föyycr vpu rvträcyvpu äda rvär Pöyn xndsrä.',
  },
  {
    language: 'es',
    line: 481,
    shift: 16,
    cipher:
      'Ap rxtcrxp ti kc btrpcxibe, kcp uehbp st btyehph cktijhe recerxbxtcje st ap cpjkhpatop. Ti kc ixijtbp fphp rebfphph cktijhei ftcipbxtcjei rec ta kcxlthie, ñ lth ix it rehhtifecstc.',
  },
  {
    language: 'fr',
    line: 481,
    shift: 19,
    cipher:
      'Vxùùx wâôxvùâüx îôxêw ûê œxûé êëè wx yâvàâxô vëèèx tôzûèxêù xù b éâù éxœ vëèètêwxœ xù éxœ ôtvvëûôvâœ. Îtô xaxèîéx, ét wâôxvùâüx œûâütêùx éâôtâù éx yâvàâxô /xùv/âêîûùôv :',
  },
];

/** Vigenère: the key that enciphered each line (its letters in the language's own alphabet). */
const VIGENERE: (Vector & { key: string })[] = [
  {
    language: 'en',
    line: 2261,
    key: 'QUARTZ',
    cipher: 'Lilcxx Jbefkx: Yn ij udjnei mn xuvv enrveu tmt fojm sxun exuul tf azly lfuaux ak tkb.',
  },
  {
    language: 'pl',
    line: 2151,
    key: 'ŻÓŁWIK',
    cipher:
      'Ąóćć zzylłfi, żqni łxwńri ónś jćzńbątźńeq, żqnpęqoqćgwł bśózżiąććga dgihńdn (ńdgvnężśćc łśsjj 1) t ńbkmśłnmzvt gśrcbyp ytóćdg (żnbjfiłbzq ewdsźv 2) śż łśsjj, vóyądwż iihvp uaać yyzónąófpóxężbp ńtzvć.',
  },
  {
    language: 'de',
    line: 1911,
    key: 'SCHLÜSSEL',
    cipher: 'Wu rzkah rtujä oüfsyq sp, kpk ẞwfpb olsp Hskp nw npßwb, wzbflül vwr Asily kwzv Wwdly.',
  },
  {
    language: 'es',
    line: 1541,
    key: 'PIÑATERO',
    cipher:
      'Ts cbcilwlw qe ee zbuwfmánmto ta pogwlgkpf aekg fkm quli rz bmaom lrhji eux lrnptcs nijaxuñdi hv qeugtlyzgaw.',
  },
  {
    language: 'fr',
    line: 981,
    key: 'CLÉMENT',
    cipher:
      "esfè hbykyùè së ôêniâïéx npg mxêôkmièw q'ëtoczrnêepaqrê xp éîytè ôêpÿ p'yà ÎKO îïmèùcyh ày raênièi yt ezayeàwg ljqg yxu lhèvvuwég rsëôptg.",
  },
];

const plaintext = (language: Language, line: number): string => {
  const passage = HELD_OUT[language].find((p) => p.line === line);
  if (!passage) throw new Error(`no held-out ${language} line ${line}`);
  return passage.text;
};

describe('known ciphertexts', () => {
  it.each(CAESAR)('Caesar $language line $line (shift $shift)', ({ language, line, shift, cipher }) => {
    const a = namedAlphabet(LANGUAGE_INFO[language].alphabet);
    expect(caesarDecrypt(cipher, shift, a)).toBe(plaintext(language, line));
    for (const which of [language, 'auto'] as const) {
      const result = solveCaesar(cipher, a, which);
      expect(result.language).toBe(language);
      expect(result.solutions[0]).toMatchObject({ shift, text: plaintext(language, line) });
      expect(result.solutions[0]?.score).toBeGreaterThan(0.99);
    }
  });

  it.each(VIGENERE)('Vigenère $language line $line (key $key)', ({ language, line, key, cipher }) => {
    const a = namedAlphabet(LANGUAGE_INFO[language].alphabet);
    expect(vigenereDecrypt(cipher, key, a)).toBe(plaintext(language, line));
    const result = analyzeVigenere(cipher, a, language, 20);
    expect(result).toMatchObject({ language, probable_key: key, best_key_length: [...key].length });
    expect(result.confidence).toBeGreaterThan(0.9);
  });
});
