// Preloaded into the dredd child (node --require): dredd 14 deep-copies its whole configuration
// for the hooks' `hooks.configuration` (dredd/build/addHooks.js), parsed API descriptions
// included, and that one copy of the document's element tree cost 21 of dredd's 48 CPU-s (node
// --cpu-prof). The hooks here never read the descriptions, so they are handed over as they are;
// everything else of the configuration is still copied by the library's own `clone`.
const path = require('node:path');

const clonePath = require.resolve('clone', { paths: [path.dirname(require.resolve('dredd/build/addHooks.js'))] });
const clone = require(clonePath);

function cloneSharingDescriptions(value, ...rest) {
  if (value === null || typeof value !== 'object' || !Array.isArray(value.apiDescriptions))
    return clone(value, ...rest);
  const { apiDescriptions, ...others } = value;
  return { ...clone(others, ...rest), apiDescriptions };
}
Object.assign(cloneSharingDescriptions, clone);

require.cache[clonePath].exports = cloneSharingDescriptions;
