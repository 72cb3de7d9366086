// The console's control styles, shared by server-rendered pages and client forms.

export const INPUT_CLASS =
  'mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-base text-ink shadow-xs focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none sm:text-sm'
export const PRIMARY_BUTTON_CLASS =
  'inline-flex items-center justify-center rounded-md bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60'
export const SECONDARY_BUTTON_CLASS =
  'inline-flex items-center justify-center rounded-md border border-line bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-soft disabled:cursor-not-allowed disabled:opacity-60'
