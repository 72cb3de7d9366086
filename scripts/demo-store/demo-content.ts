// The demo store's content pages, written as a real company store would have them. Bodies use the
// small markdown subset the storefront renders: # and ## headings, paragraphs, - and 1. lists,
// **bold** and [links](/path).

export const CONTENT_PAGES = [
  {
    slug: 'about-us',
    title: 'About the Granite Ridge Company Store',
    metaDescription: 'Official apparel and gear for Granite Ridge Engineering employees, decorated by our partners and shipped to your office or site.',
    sequence: 10,
    body: `# About the company store

Granite Ridge Engineering has been designing foundations, slopes, roads and water systems across the Mountain West since 1998. From the geotechnical lab in Denver to survey crews in the Wasatch and drill rigs on the Front Range, our people work in offices, on job sites and everywhere in between.

The company store is where all of us get the gear that carries our name. Every item is chosen to be worn: polos that hold up to a full day of client meetings, hi-vis that meets the standards our safety team expects, and outerwear warm enough for a January inspection.

## How it works

- **Pick your gear.** Browse by category or search by name or style number.
- **Choose colour, logo and sizes.** Most items can be ordered as a size run for your whole crew in one line.
- **Charge it to your cost center.** Enter your cost center and department at checkout; purchase orders and invoicing are handled by Finance.
- **We decorate and ship.** Our decoration partners embroider, print or engrave each order and ship it to the address you choose.

## Our decoration partners

We work with three partners we trust with our brand:

- **Blue Heron Embroidery Co.** in Greenville, South Carolina, for embroidered polos, outerwear, caps and bags.
- **Redline Screen Printing** in Commerce City, Colorado, for printed tees, sweatshirts and hi-vis.
- **Summit Laser & Promo** in Salt Lake City, Utah, for engraved drinkware and debossed notebooks.

## Using our logos

Please order branded items through this store rather than from outside vendors. It keeps our marks consistent, ensures hi-vis garments are compliant, and lets us track spend by cost center. Questions about the brand? Contact Marketing at [brand@graniteridge.example](mailto:brand@graniteridge.example).`,
  },
  {
    slug: 'faq',
    title: 'Frequently Asked Questions',
    metaDescription: 'Answers about ordering, sizing, decoration, delivery and returns at the Granite Ridge Company Store.',
    sequence: 20,
    body: `# Frequently asked questions

## Ordering

**Who can order from the store?**
Any Granite Ridge employee, and contractors approved by their project manager. Sign in with your company email.

**How do I pay?**
Orders are charged to your cost center by purchase order or invoice. Choose the payment method your department uses at checkout. Personal card payment is not available.

**Can I order for my whole crew at once?**
Yes. On each product page you can enter a quantity for every size in one line, so a crew of twelve is one line in your cart rather than twelve.

## Sizing

**How do the garments fit?**
Each product page lists the fit (classic, modern, relaxed or women's). If you are between sizes in a classic fit, order the larger size. Tall sizes (LGT, XLT, 2XLT and up) add about two inches of body length.

**Are 2XL and larger sizes priced differently?**
Yes, larger sizes use more fabric, so 2XL and up carry a small upcharge. The price range shown on each product covers all sizes.

## Decoration

**Which logo should I choose?**
Use the **Granite Ridge Primary** logo for client-facing wear, the **Peak Mark** for caps and small placements, and the **Field Crew Badge** for site and safety wear.

**How long does decoration take?**
Most orders ship within 7 to 10 business days. Rush decoration (5 business days) is available as an order option at checkout.

## Delivery and returns

**Where can you ship?**
Anywhere in the United States and Canada, including job sites. You can also choose free pickup at the Denver office.

**Can I return an item?**
Decorated items cannot be resold, so we accept returns for defects and wrong sizes only. See our [returns policy](/returns) for details.`,
  },
  {
    slug: 'returns',
    title: 'Returns & Exchanges',
    metaDescription: 'How to return or exchange a decorated item ordered from the Granite Ridge Company Store.',
    sequence: 30,
    body: `# Returns and exchanges

Because every item is decorated with our logos to order, we cannot take back items simply because they are no longer wanted. We do want you to be happy with your gear, so we will replace or refund items in these cases.

## What we accept

- **Defects in the garment or decoration**: a flaw in the fabric, a seam that fails, embroidery or print that is misplaced or damaged. Report it within 60 days of delivery.
- **Wrong size**: unworn, unwashed items in their original packaging can be exchanged for another size within 30 days of delivery, once per order line.
- **Our mistake**: if we shipped the wrong item, colour or logo, we will replace it at no cost to your cost center.

## How to start a return

1. Email [store@graniteridge.example](mailto:store@graniteridge.example) with your order number, the item and the reason. Photos help for defects.
2. We reply within two business days with a prepaid return label.
3. Pack the item with its packing slip and drop it off with the carrier.
4. Your exchange ships, or your cost center is credited, within five business days of receiving the return.

## What we cannot accept

- Items that have been worn, washed or altered (other than defects).
- Hi-vis and safety items once they have been worn on site.
- Drinkware and notebooks once used.`,
  },
  {
    slug: 'shipping',
    title: 'Shipping & Delivery',
    metaDescription: 'Delivery options, costs and timing for the Granite Ridge Company Store.',
    sequence: 40,
    body: `# Shipping and delivery

Orders are decorated by our partners and ship from their facilities, so one order may arrive in more than one box.

## Delivery options

- **Standard Ground**: $9.95 per order, free on orders of $150 or more. Arrives 3 to 5 business days after decoration.
- **Economy Ground**: priced by the weight of your order, best for large crew orders.
- **Two-Day Express**: $24.95, for when the site visit is next week.
- **Pick up at the Denver office**: free. We email you when your order is at the front desk.

## Timing

Decoration takes 7 to 10 business days for most orders. Add rush decoration at checkout to bring that down to 5 business days.

## Shipping to a job site

Enter the site address as your shipping address and include the site contact's name and phone number, so the carrier can reach someone on the day.`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    metaDescription: 'How the Granite Ridge Company Store collects, uses and protects your information.',
    sequence: 50,
    body: `# Privacy policy

This policy explains what information the Granite Ridge Company Store ("the store") collects when you use it, why, and what choices you have. The store is operated by Granite Ridge Engineering, Inc., 1600 Wynkoop St, Suite 400, Denver, CO 80202.

## Information we collect

- **Account information**: your name, company email address and password (stored only as a secure hash).
- **Order information**: the items you order, shipping and billing addresses, cost center, department and the payment method chosen.
- **Technical information**: your browser type, pages visited and the time of your visit, used to keep the store secure and working. If analytics is enabled we collect page views only, never the contents of forms.

## How we use it

1. To process, decorate and deliver your orders, and to send you order confirmations.
2. To charge orders to the right cost center and report spend to Finance.
3. To keep the store secure, including detecting misuse.

We do not sell your information and we do not use it for advertising.

## Who we share it with

We share only what is needed to fulfil your order with our decoration partners and carriers (your name, the items and the shipping address), and with service providers that host the store under contracts that protect your data.

## How long we keep it

Order records are kept for seven years for accounting purposes. You can ask us to close your account at any time; we then delete your account details and keep only the order records the law requires.

## Your choices

You can view and update your addresses in your account, and ask for a copy or deletion of your personal information by emailing [privacy@graniteridge.example](mailto:privacy@graniteridge.example).

This policy was last updated on March 3, 2025.`,
  },
  {
    slug: 'contact',
    title: 'Contact Us',
    metaDescription: 'Get help with an order, a bulk request or a question about the Granite Ridge Company Store.',
    sequence: 60,
    body: `# Contact us

The company store is run by the Marketing and Procurement teams at our Denver office. We answer most questions within one business day.

## Order help

For questions about an order, sizing, returns or delivery, email [store@graniteridge.example](mailto:store@graniteridge.example) or call **(303) 555-0142**, Monday to Friday, 8:00 am to 4:30 pm Mountain Time. Please have your order number ready.

## Bulk and project orders

Outfitting a new project team, an event or a conference booth? We can arrange special items, extra logos or sleeve prints. Write to [store@graniteridge.example](mailto:store@graniteridge.example) with the items, quantities and your in-hands date, at least four weeks ahead.

## Visit us

**Granite Ridge Engineering, Inc.**
1600 Wynkoop St, Suite 400
Denver, CO 80202

Pickup orders are at the front desk, Monday to Friday, 7:30 am to 5:30 pm.`,
  },
]
