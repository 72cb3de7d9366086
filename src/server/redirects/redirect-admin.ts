import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import { deleteRedirect, listRedirects, saveRedirect, testRedirect } from './redirect-service'

// The console's redirect keys (issue 16): each save drops the Redirects cache on every instance.

export const REDIRECT_ADMIN_QUERIES = {
  'redirects.list': defineAdminQuery('redirects.list', (value, ctx) => listRedirects(ctx, value)),
  'redirects.test': defineAdminQuery('redirects.test', (value, ctx) => testRedirect(ctx, value)),
}

export const REDIRECT_ADMIN_MUTATIONS = {
  'redirects.save': defineAdminMutation('redirects.save', { invalidates: ['Redirects'], handler: (value, ctx) => saveRedirect(ctx, value) }),
  'redirects.delete': defineAdminMutation('redirects.delete', { invalidates: ['Redirects'], handler: (value, ctx) => deleteRedirect(ctx, value) }),
}
