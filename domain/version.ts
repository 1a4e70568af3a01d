// The version the admin shows (SPEC 2: v1.1.0) and the OpenAPI document names.
export const APP_VERSION = '1.1.0';
