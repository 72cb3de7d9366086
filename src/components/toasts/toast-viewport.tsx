'use client'

import { ToastContainer } from 'react-toastify'

/**
 * Where toasts appear (spec 9): 3 s, close on click, pause on hover, draggable, progress bar and
 * close button shown, at most 20 at once. react-toastify 11 ships its styles inside the module.
 * They open just below the sticky site header (the `site-toasts` rules in globals.css), never over
 * it: "Added to cart" leaves the header's cart badge, with its new count, in view (issue 17).
 */
export function ToastViewport() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={3000}
      closeOnClick
      pauseOnHover
      draggable
      hideProgressBar={false}
      closeButton
      limit={20}
      theme="light"
      className="site-toasts"
    />
  )
}
