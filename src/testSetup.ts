import { configure } from '@testing-library/react';

// findBy and waitFor give up after 1 s by default. A first render of lazily loaded code also transforms its modules
// in the test run, which takes longer than that when the machine is busy (two test workers, or the browser tests
// beside them); a wait that succeeds still returns at once.
configure({ asyncUtilTimeout: 5000 });
