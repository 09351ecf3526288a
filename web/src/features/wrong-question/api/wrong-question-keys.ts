// The query keys of wrong questions. Everything of one class (its students, whether something is
// left to send) is under `class(classId)`, a student's notebook under `student(studentId)`, so that
// a batch that ended reads them again; a batch send under `batch(batchId)`, set by its pushes.

const all = ['wrongQuestion'] as const;

export const wrongQuestionKeys = {
  all,
  classGroups: () => [...all, 'classGroups'] as const,
  class: (classId: number) => [...all, 'class', classId] as const,
  students: (classId: number) => [...all, 'class', classId, 'students'] as const,
  exist: (classId: number, studentIds: readonly number[]) => [...all, 'class', classId, 'exist', studentIds] as const,
  student: (studentId: number) => [...all, 'student', studentId] as const,
  studentList: (studentId: number, status: number | null) => [...all, 'student', studentId, status] as const,
  batch: (batchId: number) => [...all, 'batch', batchId] as const,
};
