// The HTML invoker commands (`<button commandfor="dialog-id" command="show-modal">`): a button that
// opens a dialog without script. React passes the lowercase attributes through; its types lack them.
import 'react'

declare module 'react' {
  // The type parameter must match React's declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover'
  }
}
