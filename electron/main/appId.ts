/**
 * The application id: `appId` in electron-builder.yml (checked by packaging.test.ts) and the
 * Windows AppUserModelID, by which Windows groups taskbar entries and notifications.
 */
export const APP_ID = 'io.gridscope.desktop';
