// The signed-in user's session state (spec 01 §3, §4): user info, menu, server time and the
// current stage/subject selection. The selection is mirrored to localStorage so that other tabs
// pick up a change.

import { DEFAULT_STAGE, SCIENCE_SUBJECT } from '@/config/constants';
import { api } from './api-client';
import { queryClient } from './react-query';
import { createStore, useStore } from './store';
import type { CodeName } from '@/generated/CodeName';
import type { FiscalPeriod } from '@/generated/FiscalPeriod';
import type { MenuItem } from '@/generated/MenuItem';
import type { StageInfo } from '@/generated/StageInfo';
import type { SubjectRef } from '@/generated/SubjectRef';
import type { UserInfo } from '@/generated/UserInfo';

/** The current stage and subject codes. */
export interface Selection {
  stage: number;
  subject: number;
}

export interface SessionState {
  user: UserInfo | null;
  menu: MenuItem[] | null;
  time: FiscalPeriod | null;
  selection: Selection | null;
}

const STORAGE_USER = 'user';
const STORAGE_ROLE = 'roleType';
const STORAGE_MENU = 'menuList';
const STORAGE_SELECTION = 'selection';

export const sessionStore = createStore<SessionState>({
  user: null,
  menu: null,
  time: null,
  selection: parseSelection(readStored(STORAGE_SELECTION)),
});

/** A stored selection, or null when it is missing or malformed. */
function parseSelection(value: unknown): Selection | null {
  if (!value || typeof value !== 'object') return null;
  const { stage, subject } = value as Record<string, unknown>;
  const s = Number(stage);
  const j = Number(subject);
  return Number.isFinite(s) && Number.isFinite(j) && stage !== null && subject !== null
    ? { stage: s, subject: j }
    : null;
}

export function useSession(): SessionState;
export function useSession<S>(select: (s: SessionState) => S): S;
export function useSession<S>(select?: (s: SessionState) => S) {
  return useStore(sessionStore, select ?? ((s: SessionState) => s as unknown as S));
}

function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be unavailable (private mode); the in-memory state still works.
  }
}

/** What is kept locally about the user (spec 01 §3 "Stored locally"). */
export interface StoredUser {
  email: string;
  roleType: string | null;
  edu: number | null;
  subject: number | null;
  schoolList: { id: number; name: string }[];
  province: CodeName | null;
  e2uid: string | null;
}

export function getStoredUser(): StoredUser | null {
  return readStored(STORAGE_USER) as StoredUser | null;
}

export function currentRole(user: UserInfo | null): string | null {
  return user?.roleList.find((r) => r.current)?.code ?? null;
}

/** The role that administers content (the question bank's re-edits, the centre's atlas trees). */
export const CONTENT_ADMIN_ROLE = 'admin';

/**
 * Whether the user administers content: holds the admin role or is (acting as) a super user, as
 * the server decides (api/src/access/atlas.rs `content_admin`). Only shows or hides controls; the
 * server refuses the calls of anyone else.
 */
export function isContentAdmin(user: UserInfo | null): boolean {
  if (!user) return false;
  return user.superuser || !!user.superUserEmail || user.roleList.some((r) => r.code === CONTENT_ADMIN_ROLE);
}

/** The roles that edit the textbook and teaching-aid libraries (besides super users). */
export const LIBRARY_EDITOR_ROLES: readonly string[] = ['admin', 'operator'];

/**
 * Whether the user edits the libraries (教材库, 教辅库): holds the admin or operator role or is
 * (acting as) a super user, as the server decides. Only shows or hides controls; the server
 * refuses the changes of anyone else and shows them only what is published.
 */
export function isLibraryEditor(user: UserInfo | null): boolean {
  if (!user) return false;
  return user.superuser || !!user.superUserEmail || user.roleList.some((r) => LIBRARY_EDITOR_ROLES.includes(r.code));
}

/** The role code of the stored user, read by the real-time client. */
export function getStoredRole(): string | null {
  const role = readStored(STORAGE_ROLE);
  return typeof role === 'string' ? role : null;
}

/** Every (stage, subject) pair the user may choose. */
export function subjectOptions(user: UserInfo | null): { stage: StageInfo; subject: SubjectRef }[] {
  if (!user) return [];
  return user.stageList.flatMap((stage) => stage.subjects.map((subject) => ({ stage, subject })));
}

/**
 * The current stage and subject after new user info: the stored choice is kept while it is
 * still offered; otherwise the server's selection, then the first subject. Stage 4 with subject 62
 * (science) takes the server's selected subject.
 */
export function deriveSelection(user: UserInfo, stored: Selection | null): Selection | null {
  const options = subjectOptions(user);
  const serverStage = user.selectedStage.code;
  const serverSubject: number | null = user.selectedSubject.code;
  if (serverStage === DEFAULT_STAGE && serverSubject === SCIENCE_SUBJECT) {
    return { stage: DEFAULT_STAGE, subject: SCIENCE_SUBJECT };
  }
  const offered = (sel: Selection | null) =>
    !!sel && options.some((o) => o.stage.code === sel.stage && o.subject.code === sel.subject);
  if (stored && offered(stored)) return stored;
  const fromServer = serverSubject ? { stage: serverStage, subject: serverSubject } : null;
  if (offered(fromServer)) return fromServer;
  const stageOptions = options.filter((o) => o.stage.code === serverStage);
  const first = stageOptions[0] ?? options[0];
  if (first) return { stage: first.stage.code, subject: first.subject.code };
  const firstSubject = user.subjectList[0];
  return firstSubject ? { stage: serverStage, subject: firstSubject.code } : null;
}

export function setSelection(selection: Selection): void {
  writeStored(STORAGE_SELECTION, selection);
  sessionStore.set((s) => ({ ...s, selection }));
}

function applyUser(user: UserInfo): void {
  const selection = deriveSelection(user, sessionStore.get().selection);
  const role = currentRole(user);
  const stored: StoredUser = {
    email: user.userEmail,
    roleType: role,
    edu: selection?.stage ?? null,
    subject: selection?.subject ?? null,
    schoolList: user.schoolList,
    province: user.selectedProvince,
    e2uid: user.e2uid,
  };
  writeStored(STORAGE_USER, stored);
  writeStored(STORAGE_ROLE, role);
  if (selection) writeStored(STORAGE_SELECTION, selection);
  sessionStore.set((s) => ({ ...s, user, selection }));
}

/**
 * The session's server state in the query cache. Each load reads the server again (the session
 * changes with role and account switches); the store below keeps what the app derives from it.
 */
export const sessionKeys = {
  all: ['session'] as const,
  userInfo: () => [...sessionKeys.all, 'user-info'] as const,
  time: () => [...sessionKeys.all, 'time'] as const,
  menu: () => [...sessionKeys.all, 'menu'] as const,
};

/**
 * GET /api/pub/user/info; stores the user. Rejects with A0201 when there is no session (quietly
 * with `quietWhenSignedOut`).
 */
export async function loadUserInfo({ quietWhenSignedOut = false } = {}): Promise<UserInfo> {
  const user = await queryClient.query({
    queryKey: sessionKeys.userInfo(),
    queryFn: () => api.get<UserInfo>('/api/pub/user/info', { noLoading: true, quietWhenSignedOut }),
    staleTime: 0,
  });
  applyUser(user);
  return user;
}

/** GET /api/current/time */
export async function loadServerTime(): Promise<FiscalPeriod | null> {
  try {
    const time = await queryClient.query({
      queryKey: sessionKeys.time(),
      queryFn: () => api.get<FiscalPeriod>('/api/current/time', { noLoading: true, quiet: true }),
      staleTime: 0,
    });
    sessionStore.set((s) => ({ ...s, time }));
    return time;
  } catch {
    return null;
  }
}

/** GET /api/pub/user/menu-list (no loading overlay). */
export async function loadMenuList(): Promise<MenuItem[]> {
  const menu = await queryClient.query({
    queryKey: sessionKeys.menu(),
    queryFn: () => api.get<MenuItem[]>('/api/pub/user/menu-list', { noLoading: true }),
    staleTime: 0,
  });
  writeStored(STORAGE_MENU, menu);
  sessionStore.set((s) => ({ ...s, menu }));
  return menu;
}

/** Patches the user info in place (after a selection the server accepted). */
export function updateUser(patch: Partial<UserInfo>): void {
  const user = sessionStore.get().user;
  if (user) applyUser({ ...user, ...patch });
}

/** Forgets the user (logout, expired session). */
export function clearSession(): void {
  writeStored(STORAGE_USER, null);
  writeStored(STORAGE_ROLE, null);
  writeStored(STORAGE_MENU, null);
  sessionStore.set((s) => ({ ...s, user: null, menu: null, time: null }));
}

/** True when `code` appears anywhere in the menu tree (spec 01 §6). */
export function menuHasCode(menu: MenuItem[] | null | undefined, code: string): boolean {
  if (!menu) return false;
  return menu.some((m) => m.code === code || menuHasCode(m.children, code));
}

/** Picks up a selection changed in another tab. */
export function watchOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_SELECTION || !e.newValue) return;
    try {
      const selection = parseSelection(JSON.parse(e.newValue));
      if (selection) sessionStore.set((s) => ({ ...s, selection }));
    } catch {
      // ignore malformed values
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
