// Where electron/main reads the child's built name; the protocol lives in shared/ (main and server/embeddedChild.ts).
export { BUILT_CHILD_NAME } from '../../../shared/embedded/protocol.js';
