// The playground: wires the page's panels to the service through the client package's REST client.
import { fillAlphabetSelects, loadAlphabets } from './alphabets.js';
import { setupBreakerPanel } from './breaker-panel.js';
import { setupFrequencyPanel, updateFrequencies } from './frequency-panel.js';
import { setupIdentifyPanel } from './identify-panel.js';
import { fillLanguageSelects } from './languages.js';
import { setupTransformPanel, syncTransformControls, transform } from './transform-panel.js';

fillAlphabetSelects();
fillLanguageSelects();
setupIdentifyPanel();
setupTransformPanel();
setupBreakerPanel();
setupFrequencyPanel();
updateFrequencies();
void loadAlphabets(syncTransformControls);
void transform();
