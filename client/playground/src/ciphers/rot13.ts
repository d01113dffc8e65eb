// ROT13 in the playground: Caesar by 13 on A–Z, its own inverse, so no direction, no alphabet and no field of its own.
import { shiftMapping } from './caesar.js';
import type { PlaygroundCipher } from './cipher.js';

export const rot13: PlaygroundCipher = {
  name: 'rot13',
  title: 'ROT13',
  option: 'ROT13 (Caesar by 13)',
  twoWay: false,
  takesAlphabet: false,
  fields: [],
  errors: {},
  listen: () => {},
  transform: (api, form, options) => api.rot13.transform(form.common, options),
  mapping: (letters) => shiftMapping(letters, 13, 1),
  brokenBy: 'caesar',
};
