// The ZIP-prefix table is shared with the browser (the checkout fills the state from the ZIP).
export { normalizeUsZip, stateForZip, zipFitsState } from '@/isomorphic/us-zip-states'
