/** The vendor's pages outside the product: the licence banner (spec 2.4), the footer and the enterprise screen link there. */
export const VENDOR_LINKS = {
  contactSales: 'https://www.nagios.com/contact/',
  pricing: 'https://www.nagios.com/products/nagios-xi/pricing/',
  upgrade: 'https://www.nagios.com/products/nagios-xi/pricing/',
  product: 'https://www.nagios.com/products/nagios-xi/',
  vendor: 'https://www.nagios.com/',
} as const;
