// Handlers of the Students operations: students, their enrollments and progress (scopes
// students:read, students:write).
import { enrollStudent } from './enrollStudent.ts';
import { expireEnrollment } from './expireEnrollment.ts';
import { getEnrollment } from './getEnrollment.ts';
import { getStudent } from './getStudent.ts';
import { getStudentProgress } from './getStudentProgress.ts';
import { inviteStudent } from './inviteStudent.ts';
import { listCourseEnrollments } from './listCourseEnrollments.ts';
import { listStudentEnrollments } from './listStudentEnrollments.ts';
import { listStudents } from './listStudents.ts';
import { removeStudent } from './removeStudent.ts';
import { resendStudentInvitation } from './resendStudentInvitation.ts';
import { unenrollStudent } from './unenrollStudent.ts';
import { updateEnrollment } from './updateEnrollment.ts';
import { updateStudent } from './updateStudent.ts';

export const studentHandlers = {
  listStudents,
  getStudent,
  inviteStudent,
  resendStudentInvitation,
  updateStudent,
  removeStudent,
  listStudentEnrollments,
  enrollStudent,
  getStudentProgress,
  listCourseEnrollments,
  getEnrollment,
  updateEnrollment,
  expireEnrollment,
  unenrollStudent,
};
