'use client'

import { ToastContainer } from 'react-toastify'

/**
 * Where toasts appear (spec 9): 3 s, close on click, pause on hover, draggable, progress bar and
 * close button shown, at most 20 at once. react-toastify 11 ships its styles inside the module.
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
    />
  )
}
