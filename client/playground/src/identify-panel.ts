// "What is this?": a pasted text's verdict, its reading and why, with every explanation weighed in a chart.
import type { CipherInputs, CipherOutputs } from '@cipher-service/client';
import { api } from './api.js';
import { hypothesisChart } from './charts.js';
import { $, el, percent, whileBusy } from './dom.js';
import { MYSTERY_EXAMPLE } from './examples.js';
import { explanationName, explanationWhy } from './explain.js';
import { clearErrors, type ErrorTargets, showError } from './field-errors.js';
import { fitChart } from './fit-chart.js';
import { hideNotice } from './notices.js';

type Identification = CipherOutputs['analysis']['identify'];
type IdentifyInput = CipherInputs['analysis']['identify'];

const mystery = $<HTMLTextAreaElement>('mystery');
const identifyButton = $<HTMLButtonElement>('identify-button');
const identification = $('identification');
const mysteryAlphabet = $<HTMLSelectElement>('mystery-alphabet');
const mysteryCustom = $<HTMLInputElement>('mystery-custom-alphabet');
const IDENTIFY_ERRORS: ErrorTargets = {
  text: 'mystery-error',
  alphabet: 'mystery-custom-alphabet-error',
  custom_alphabet: 'mystery-custom-alphabet-error',
};

/** The alphabet asked for: a named one, or custom with its letters. */
function alphabetFields(): Pick<IdentifyInput, 'alphabet' | 'custom_alphabet'> {
  const alphabet = mysteryAlphabet.value as NonNullable<IdentifyInput['alphabet']>;
  return alphabet === 'custom' ? { alphabet, custom_alphabet: mysteryCustom.value } : { alphabet };
}

function renderIdentification(r: Identification): void {
  const best = r.best_solution;
  const [, runnerUp] = r.all_solutions;
  const chart = el('div', { className: 'chart-scroll', id: 'hypothesis-chart' });
  fitChart(chart, (width) =>
    hypothesisChart(
      r.all_solutions.map((s, i) => ({ label: explanationName(s), probability: s.confidence, best: i === 0 })),
      width,
      percent,
    ),
  );
  identification.replaceChildren(
    el(
      'div',
      { className: 'verdict' },
      el('p', { className: 'big' }, el('strong', { id: 'verdict' }, explanationName(best))),
      el('p', {}, `${percent(best.confidence)} sure`),
    ),
    el('p', { id: 'verdict-why' }, explanationWhy(best)),
    best.cipher === 'unknown' ? '' : el('p', { className: 'result plaintext', id: 'identified-text' }, best.text),
    el('h3', {}, 'Why: every explanation weighed'),
    el(
      'p',
      { className: 'hint' },
      'Each bar is the probability of one explanation, all of them weighed together against the same text. ' +
        (runnerUp
          ? `The next best, ${explanationName(runnerUp)}, has ${percent(runnerUp.confidence)}.`
          : 'There is no other explanation worth showing.'),
    ),
    chart,
  );
}

async function identifyIt(): Promise<void> {
  clearErrors(IDENTIFY_ERRORS, 'identify-error');
  await whileBusy(identifyButton, { busy: 'Looking…', idle: 'What is this?' }, identification, async () => {
    try {
      renderIdentification(await api.analysis.identify({ text: mystery.value, ...alphabetFields() }));
      hideNotice();
    } catch (error) {
      identification.replaceChildren();
      showError(error, IDENTIFY_ERRORS, 'identify-error', () => void identifyIt());
    }
  });
}

export function setupIdentifyPanel(): void {
  identifyButton.addEventListener('click', () => void identifyIt());
  mysteryAlphabet.addEventListener('change', () => {
    $('mystery-custom-field').hidden = mysteryAlphabet.value !== 'custom';
  });
  $('example-mystery').addEventListener('click', () => {
    mystery.value = MYSTERY_EXAMPLE;
    void identifyIt();
  });
  // Pasting is the usual way in: the answer comes without a further click.
  mystery.addEventListener('paste', () => setTimeout(() => void identifyIt(), 0));
}
