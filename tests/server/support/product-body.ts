/* Parts of a product body for the console's product calls and files in tests. */

/** Six valid prices (whole yen, none negative): a body or a file row needs every one. */
export const PRICES = {
  cnAlonePrice: 1200,
  cnBatchPrice: 1000,
  jpAlonePrice: 1300,
  jpBatchPrice: 1100,
  enAlonePrice: 1400,
  enBatchPrice: 1150,
}
