import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { visitStudentsPath } from '../record-tool-paths';
import { VisitHeader } from './visit-header';
import { VisitPage } from './visit-page';
import { VisitSheet } from './visit-sheet';
import { VisitView } from './visit-view';

/**
 * /recordTool/proceedRecord?id= (听课记录表): the visit's record sheet — written by its visitor
 * while recording (`canEdit`), read by everyone else (the lesson's teacher once finished,
 * managers) — with the way to its students' ratings.
 */
export function ProceedRecord({ id }: { id: number }) {
  return (
    <VisitPage id={id}>
      {(detail) => (
        <>
          <VisitHeader
            detail={detail}
            actions={
              <Button component={Link} to={visitStudentsPath(detail.id)} size="xs" variant="light">
                听课学生
              </Button>
            }
          />
          {detail.canEdit ? <VisitSheet key={detail.id} detail={detail} /> : <VisitView detail={detail} />}
        </>
      )}
    </VisitPage>
  );
}
