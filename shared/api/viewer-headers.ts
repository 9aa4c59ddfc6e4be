/**
 * The viewer headers CloudFront adds and the API reads (docs/DESIGN.md §6). The distribution forwards exactly
 * these to the API origin (infra/aws), and the handlers read them by these names (lowercase, as the gateway
 * and API Gateway's event hand them over). A client cannot set them past CloudFront: the web ACL refuses any
 * request that reaches the API without the distribution's origin secret.
 */
/** ISO 3166-1 alpha-2 country of the viewer, as CloudFront geolocates it. */
export const VIEWER_COUNTRY_HEADER = 'cloudfront-viewer-country';
/** The viewer's own address and port (`198.51.100.10:46532`, `[2001:db8::1]:46532`), as CloudFront saw it. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
