/**
 * What a page reads in the browser did not arrive: the message and a button that reads it again.
 * `tall` matches the account area's own loading box, which is taller than a section's.
 */
export function LoadFailed({ message, retryLabel, onRetry, tall = false }: { message: string; retryLabel: string; onRetry: () => void; tall?: boolean }) {
  return (
    <div role="alert" className={`rounded-card border border-line bg-soft px-6 text-center ${tall ? 'py-16' : 'py-12'}`}>
      <p className="text-ink">{message}</p>
      <button type="button" onClick={onRetry} className="btn btn-secondary mt-6">
        {retryLabel}
      </button>
    </div>
  )
}
