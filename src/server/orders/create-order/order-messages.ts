// What createOrder tells the shopper when it refuses an order.

export const ENTER_NAME = 'Please enter your name.'
export const ENTER_EMAIL = 'Please enter a valid email address.'
export const PAYMENT_METHOD_UNAVAILABLE = 'That payment method is not available. Please choose another one.'
export const CHOOSE_PAYMENT_METHOD = 'Please choose a payment method.'
export const ENTER_PURCHASE_ORDER_NUMBER = 'Enter your department’s purchase order number to pay by purchase order.'
export const SIGN_IN_TO_ORDER = 'This store takes orders from signed-in customers only. Please sign in to place your order.'
export const IN_HANDS_DATE_PASSED = 'The in-hands date has already passed. Please choose a day from today on, or leave it empty.'
/** A closed store (issue 25) shows its catalog but takes no orders. */
export const STORE_CLOSED = 'This store is closed and takes no new orders. Contact the store if you need something.'
export const TOO_MANY_ORDERS = 'Too many orders in a short time. Please wait a few minutes and try again.'
