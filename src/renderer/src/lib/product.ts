/** The product's name: the Login title, the top bar and the footer. */
export const PRODUCT_NAME = 'Admin Console'
/** The logo's letters, a mark in every language. */
export const PRODUCT_MARK = 'AC'
