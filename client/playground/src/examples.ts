// Example ciphertexts for the breaker: the opening of Pride and Prejudice, Caesar shift 11 and Vigenère key ORCHID,
// and of A Tale of Two Cities under a cipher alphabet; for "What is this?", the Vigenère one in groups of five letters.
export const CAESAR_EXAMPLE =
  'Te td l ecfes fytgpcdlwwj lnvyzhwporpo, esle l dtyrwp xly ty azddpddtzy zq l rzzo qzcefyp, xfde mp ty hlye zq ' +
  'l htqp. Szhpgpc wteewp vyzhy esp qppwtyrd zc gtphd zq dfns l xly xlj mp zy std qtcde pyepctyr l yptrsmzfcszzo, ' +
  'estd ecfes td dz hpww qtipo ty esp xtyod zq esp dfcczfyotyr qlxtwtpd, esle sp td nzydtopcpo esp ctrseqfw ' +
  'aczapcej zq dzxp zyp zc zespc zq esptc olfrsepcd.';

export const VIGENERE_EXAMPLE =
  'Wk kz i wflvo cqwmgyadzca hknbfysmguvf, apdh r upvjzv ohv lb gqzahgjkvv rt r ivwg tftacqs, dwzb es zp diqh fh h ' +
  'eltv. Jvehjvt sqwhcg rvrke vom isvnpvjg ft cqhkj qm axqy c tiq ara im rb ykz nlfjv lvwsikuo d bvknpecltowrr, ' +
  'kjpa wflvo qv gf ylto tzzll lb kjl ulbuu vn wvv ubzuclpkqqu wctqowvu, apdh yg pa fceuplhfvf aph fziobiic ' +
  'rywssivf wi gfol wqs ft vbksi qm bkszt kixuyvlzv.';

export const SUBSTITUTION_EXAMPLE =
  'Bt wdr tae iert mn tbjer, bt wdr tae wmqrt mn tbjer, bt wdr tae dse mn wbrkmj, bt wdr tae dse mn nmmhbralerr.';

/** VIGENERE_EXAMPLE's letters, upper case, in groups of five: how puzzles often print a ciphertext. */
export const MYSTERY_EXAMPLE = VIGENERE_EXAMPLE.replace(/[^A-Za-z]/g, '')
  .toUpperCase()
  .replace(/(.{5})(?=.)/g, '$1 ');
