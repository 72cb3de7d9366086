import type { Metadata } from 'next'
import { useMessages } from 'next-intl'
import { NotFoundView } from '@/components/errors/not-found-view'
import { notFoundTexts } from '@/components/errors/not-found-texts'
import { loadTopCategories } from '@/web/catalog-data'
import messages from '../../../../messages/en.json'
import { pageStore } from '@/web/page-store'

export const metadata: Metadata = { title: messages.errors.notFoundTitle }

export default function NotFound() {
  const { errors } = useMessages() as unknown as { errors: typeof messages.errors }
  return <NotFoundWithCategories texts={notFoundTexts(errors)} />
}

/**
 * The store's main categories (the header's) as ways on from the 404. A not-found view gets no
 * params: the store is the one the layout noted (decision 025).
 */
async function NotFoundWithCategories({ texts }: { texts: ReturnType<typeof notFoundTexts> }) {
  const categories = await loadTopCategories(pageStore()).catch(() => [])
  return <NotFoundView texts={texts} categories={categories} />
}
