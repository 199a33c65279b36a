// The site's icon, served by the service from its own origin. The pages need no script at all.
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5394"/><path d="M16 6c-4 6-7 10-7 14a7 7 0 0 0 14 0c0-4-3-8-7-14z" fill="#fff"/></svg>`;
