/** Product cards in the shop's server-rendered first screen (and the most the grid shows before measuring). */
export const FIRST_SCREEN = 24
