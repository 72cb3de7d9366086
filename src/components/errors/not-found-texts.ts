// The 404 view's texts, read from the `errors` messages on the server (both 404 boundaries).

export type NotFoundTexts = {
  /** 'Page Not Found:', followed by the path */
  title: string
  body: string
  backHome: string
  search: string
  searchPlaceholder: string
  searchSubmit: string
  links: string
  shop: string
  home: string
}

type ErrorMessages = {
  notFound: string
  notFoundBody: string
  backHome: string
  notFoundSearch: string
  notFoundSearchPlaceholder: string
  notFoundSearchSubmit: string
  notFoundLinks: string
  notFoundShop: string
  notFoundHome: string
}

export function notFoundTexts(errors: ErrorMessages): NotFoundTexts {
  return {
    title: errors.notFound,
    body: errors.notFoundBody,
    backHome: errors.backHome,
    search: errors.notFoundSearch,
    searchPlaceholder: errors.notFoundSearchPlaceholder,
    searchSubmit: errors.notFoundSearchSubmit,
    links: errors.notFoundLinks,
    shop: errors.notFoundShop,
    home: errors.notFoundHome,
  }
}
