// Plaintexts written for these tests (original prose, no outside source), and the conformance text.

/** The acceptance suite's LONG_EN (shared/acceptance/conformance.mjs), quoted exactly. */
export const LONG_EN =
  'Cryptography 🔐 has a long history. In the classical period, messages were protected by simple ' +
  'substitutions, and the famous general of Rome is said to have shifted every letter of his letters by three ' +
  'places. Later writers described a stronger method in which a short keyword selects a different shift for each ' +
  'letter of the message, so that the same plain letter may appear as many different cipher letters. For three ' +
  'centuries this method was called the indecipherable cipher, until careful students of the problem noticed that ' +
  'repeated fragments of the ciphertext reveal the length of the keyword. Once the length is known, the message ' +
  'falls apart into several simple shift ciphers, and each of them can be broken by counting letters and comparing ' +
  'the counts with the known frequencies of the language. Today these ideas are taught to students as a first ' +
  'lesson in the science of secrets, because they show clearly why a secret method is not enough and why the ' +
  'strength of a system must rest on the key alone.';

/** About 2,500 letters of plain English prose, written for the long-key test. */
export const HARBOUR_EN =
  'The old harbour lies at the end of a narrow road that winds down from the hills between stone walls and ' +
  'fields of barley. In the early morning the water is still and grey, and the fishing boats rest against the ' +
  'quay with their ropes hanging slack. A few gulls walk along the edge of the pier, waiting for the first ' +
  'crates of fish to be carried up from the decks. The men who work here have done so for most of their lives, ' +
  'and many of their fathers and grandfathers worked on the same boats before them. They speak little while ' +
  'they work, because each of them knows what has to be done and in which order it must happen. When the nets ' +
  'have been checked and the engines have been started, the boats leave one after another, and the sound of ' +
  'their motors fades slowly as they pass the lighthouse and turn towards the open sea. By the middle of the ' +
  'morning the village is quiet again. The baker opens his shop on the corner of the square, and the smell of ' +
  'fresh bread drifts across to the small school, where children are learning to read and to count. Their ' +
  'teacher has lived in the village for thirty years and remembers the names of almost every family. In the ' +
  'afternoon she often takes the older pupils down to the shore to look at the rocks and the pools that the ' +
  'tide leaves behind. They find crabs and small fish, shells of every shape and colour, and sometimes a piece ' +
  'of glass worn smooth by the waves. She tells them how the coast has changed over the centuries, how the sea ' +
  'has taken fields and houses in some places and given back sand and dunes in others. Late in the day the ' +
  'boats return, heavy and low in the water if the catch has been good, and the whole village seems to gather ' +
  'on the quay to watch them come in. The fish are sorted, weighed and packed in ice, and lorries carry them ' +
  'away through the night to markets in distant towns. When the last lorry has gone, the men sit together for ' +
  'a while outside the inn, talking about the weather, the price of fuel and the news from the capital. Then ' +
  'the lights go out one by one, the wind rises a little, and the harbour waits in the dark for another ' +
  'morning. Visitors who come in the summer often say that nothing ever changes here, but the people who live ' +
  'in the village know better. Every winter storms damage the walls of the pier, and every spring the walls ' +
  'must be repaired before the season begins. Young people leave for the cities to study or to find work, and ' +
  'only some of them return. The school has fewer pupils than it had when the teacher first arrived, and the ' +
  'baker wonders who will take over his shop when he is too old to rise before dawn. Still, each morning the ' +
  'boats go out, each evening they come back, and the village goes on living by the rhythm of the tides, as it ' +
  'has done for as long as anyone can remember.';

/** The first sentence of the Wikipedia article "Caesar cipher". */
const CAESAR_SENTENCE =
  'In cryptography, a Caesar cipher is one of the simplest and most widely known encryption techniques. ' +
  'It is a type of substitution cipher in which each letter in the plaintext is replaced by a letter some fixed ' +
  'number of positions down the alphabet.';
/** That sentence twice, the second time in lower case: 406 letters (the longer-key tests). */
export const CAESAR_SENTENCE_TWICE = `${CAESAR_SENTENCE} ${CAESAR_SENTENCE.toLowerCase()}`;
