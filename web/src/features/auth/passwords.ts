// The password rule the server applies (protocol::validation::password_problem): 8 to 64
// characters, counted by code point.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string): string | null {
  const n = Array.from(password).length;
  if (n < PASSWORD_MIN) return `密码至少需要 ${PASSWORD_MIN} 位`;
  if (n > PASSWORD_MAX) return `密码不能超过 ${PASSWORD_MAX} 位`;
  return null;
}
