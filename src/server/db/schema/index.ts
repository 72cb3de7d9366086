export * from './catalog'
export * from './commerce'
export * from './partners'
export * from './website'
