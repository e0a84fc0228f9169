// Types for file-type, which publishes them behind `exports` only, where this project's "node"
// module resolution does not look. Node itself loads the package through require (an ES module
// without top-level await).
declare module 'file-type' {
  export { fileTypeFromBuffer } from 'file-type/source/index.js';
}
