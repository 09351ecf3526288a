// The query keys of the reminders' server state. Saving a kind answers every setting (written
// into `settings`); a whitelist change alters that kind's list and its count in the settings.

const all = ['onlineReminder'] as const;

export const reminderKeys = {
  all,
  settings: () => [...all, 'settings'] as const,
  whitelist: (reminderType: number) => [...all, 'whitelist', reminderType] as const,
};
