// Stands in for `node:process` in Lambda bundles (see ../bundling.ts). Importing a name from it
// (`import { env } from 'node:process'`, as the SDK's user-agent code does) makes Node build an ES
// module facade of the process object, which reads every property of it, `process.stdin` included:
// opening stdin and loading the file-stream code behind it cost a cold start about 6 ms on the
// bench's machine. The global `process` is the same object, and reading from it opens nothing. A
// bundle that imports a name this module lacks fails to build, so add it here.
export default process;
export const env = process.env;
export const versions = process.versions;
