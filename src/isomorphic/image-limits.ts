/**
 * The most pixels an uploaded image may have: decoding bombs stop here, in the server's render queue
 * (a 6000 × 6000 image is already far beyond what any page or print needs), and the editor's upload
 * states it to the shopper.
 */
export const MAX_INPUT_PIXELS = 36_000_000
