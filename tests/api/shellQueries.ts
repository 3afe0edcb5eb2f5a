/** The two problem queries of the shell's top bar (spec 7), exactly as it sends them. */
export const HOST_PROBLEMS =
  'api/v2/status/host?limitrecords=false&totals=1&current_state=in:1,2&problem_acknowledged=0&scheduled_downtime_depth=0';
export const SERVICE_PROBLEMS = 'api/v2/status/service?combinedhost=1&totals=1&host_current_state=0&host_problem_acknowledged=0'
  + '&host_scheduled_downtime_depth=0&current_state=in:1,2,3&problem_acknowledged=0&scheduled_downtime_depth=0';
