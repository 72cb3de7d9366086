import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import { deleteContentPage, getContentPage, getHomeContent, listContentPages, saveContentPage, saveHomeContent } from './content-admin'

// The console's content keys (issue 16). A page appears in the footer list (the Website cache) and
// on its own page (ContentPages); the home page is the HomePage cache. Each save drops exactly
// those, on every instance, and with them the rendered pages (src/web/rendered-pages.ts).

export const CONTENT_ADMIN_QUERIES = {
  'content.pages': defineAdminQuery('content.pages', (value, ctx) => listContentPages(ctx, value)),
  'content.page': defineAdminQuery('content.page', (value, ctx) => getContentPage(ctx, value)),
  'content.home': defineAdminQuery('content.home', (value, ctx) => getHomeContent(ctx, value)),
}

export const CONTENT_ADMIN_MUTATIONS = {
  'content.savePage': defineAdminMutation('content.savePage', { invalidates: ['ContentPages', 'Website'], handler: (value, ctx) => saveContentPage(ctx, value) }),
  'content.deletePage': defineAdminMutation('content.deletePage', { invalidates: ['ContentPages', 'Website'], handler: (value, ctx) => deleteContentPage(ctx, value) }),
  'content.saveHome': defineAdminMutation('content.saveHome', { invalidates: ['HomePage'], handler: (value, ctx) => saveHomeContent(ctx, value) }),
}
