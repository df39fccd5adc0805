// The private address the server suites' backend may fetch iCal feeds from (the ical-import
// suite's feed server listens there); every other local or private address stays refused, so the
// suite can prove 127.0.0.1 and friends are. Linux routes all of 127.0.0.0/8 to loopback.
export const FEED_TEST_HOST = '127.0.0.2';
