// Short messages at the top of the page (spec 01 §8: 5 s). Failures of calls are shown by the API
// client (`showError`); these are the other kinds.

import { notifications } from '@mantine/notifications';
import { Timing } from '@/generated/codes';

export function showInfo(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: Timing.TOAST_MS });
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: Timing.TOAST_MS });
}

export function showWarning(message: string): void {
  notifications.show({ color: 'yellow', message, autoClose: Timing.TOAST_MS });
}
