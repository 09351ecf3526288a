import { Button, Center, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useVisitStudents } from '../api/students';
import { proceedRecordPath } from '../record-tool-paths';
import { StudentRating } from './student-rating';
import { VisitHeader } from './visit-header';
import { VisitPage } from './visit-page';

/** The visit's students, each rated on their own. */
function Students({ visitId, canEdit }: { visitId: number; canEdit: boolean }) {
  const students = useVisitStudents(visitId);
  if (students.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  if (students.isError) {
    return (
      <Text c="dimmed" role="alert">
        {students.error.message}
      </Text>
    );
  }
  if (students.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        本课次没有学生
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {students.data.map((s) => (
        <StudentRating key={s.studentId} visitId={visitId} student={s} canEdit={canEdit} />
      ))}
    </SimpleGrid>
  );
}

/**
 * /recordTool/recordStudentList?id= (听课学生): the visited lesson's students with their
 * attendance; the visitor rates each one's attention and notes how they did while recording,
 * anyone else reads the ratings.
 */
export function RecordStudentList({ id }: { id: number }) {
  return (
    <VisitPage id={id}>
      {(detail) => (
        <>
          <VisitHeader
            detail={detail}
            actions={
              <Button component={Link} to={proceedRecordPath(detail.id)} size="xs" variant="light">
                返回听课记录表
              </Button>
            }
          />
          <Title order={5}>听课学生</Title>
          <Students visitId={detail.id} canEdit={detail.canEdit} />
        </>
      )}
    </VisitPage>
  );
}
