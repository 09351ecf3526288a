import { useEffect, useState } from 'react';
import { type CollabDoc, type DocType, openCollabDoc, presenceColor } from '@/lib/collab';
import { useSession } from '@/lib/session';

/**
 * Opens the co-edited document `{docType}/{id}` for the signed-in user while the component is
 * mounted: one provider, closed on unmount or when the document changes. Null until opened (no
 * id, no user yet).
 */
export function useCollabDoc(docType: DocType, id: number | null): CollabDoc | null {
  const name = useSession((s) => s.user?.userName ?? null);
  const email = useSession((s) => s.user?.userEmail ?? null);
  const [doc, setDoc] = useState<CollabDoc | null>(null);

  useEffect(() => {
    if (id === null || !email) return;
    const opened = openCollabDoc({ docType, id, user: { name: name || email, email, color: presenceColor(email) } });
    // The document is an external resource this effect opens and its cleanup closes.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- publishes the opened document
    setDoc(opened);
    return () => {
      setDoc(null);
      opened.destroy();
    };
  }, [docType, id, name, email]);

  return doc;
}
