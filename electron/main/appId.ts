/** `appId` of electron-builder.yml and the Windows AppUserModelID, by which Windows groups taskbar entries and notifications. */
export const APP_ID = 'io.gridscope.desktop';
