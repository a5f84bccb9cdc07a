/**
 * The journey admin settings pages (spec/000 section 2), admin-only (section 6). Each edits one
 * settings set of the signed-in company: the auth/organization_settings record of `module` named
 * `name`, as the org_settings route opens it. Pure data, read by the routes and the guard.
 */
export interface JourneySetting {
  path: string;
  title: string;
  /** The module whose settings these are. */
  module: 'auth' | 'comms' | 'time';
  /** The settings set's name (organization_settings.name). */
  name: string;
}

export const JOURNEY_SETTINGS: readonly JourneySetting[] = [
  {
    path: '/journey_admin/notification_settings',
    title: 'Notification settings',
    module: 'comms',
    name: 'notification_settings',
  },
  { path: '/journey_admin/clock_settings', title: 'Clock settings', module: 'time', name: 'clock_settings' },
  { path: '/journey_admin/pto_settings', title: 'PTO settings', module: 'time', name: 'pto_settings' },
  { path: '/journey_admin/style_settings', title: 'Style settings', module: 'auth', name: 'style_settings' },
];
