// The largest JSON or form body the service reads (OpenAPI info "Input": refused with 413 before any handler
// runs, in the error shape of the operation, documented on every operation that takes a body).
// It must hold every body the spec allows (fuzz finding bodyLimit): the longest texts are 100,000
// characters (descriptions, post and page bodies, lecture content) and a character costs at most
// 12 bytes on the wire (one outside the BMP sent as two \u escapes, or percent-encoded in a form),
// so the largest valid body is about 1.24 MB; http/body-limit.test.ts computes it from the spec.
// Uploads (POST /api/v1/files) are streamed and capped by UPLOAD_MAX_BYTES instead.
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
