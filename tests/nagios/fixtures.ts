/** Small status.dat / objects.cache texts in Nagios Core 4.4's layout, for parser and source tests. */

export const OBJECTS_CACHE = `########################################
#       NAGIOS OBJECT CACHE FILE
########################################

define timeperiod {
\ttimeperiod_name\t24x7
\talias\tAlways
\t}

define hostgroup {
\thostgroup_name\tlinux
\talias\tLinux Servers
\tmembers\talpha,beta
\t}

define hostgroup {
\thostgroup_name\tempty
\talias\tNothing Here
\t}

define servicegroup {
\tservicegroup_name\tweb
\talias\tWeb Checks
\tmembers\talpha,HTTP,beta,HTTP
\t}

define host {
\thost_name\talpha
\talias\tAlpha Server
\tdisplay_name\tAlpha (primary)
\taddress\t10.0.0.1
\tcheck_command\tcheck-host-alive
\tcheck_interval\t5.000000
\tmax_check_attempts\t3
\tactive_checks_enabled\t1
\t}

define host {
\thost_name\tbeta
\talias\tBeta Server
\taddress\t10.0.0.2
\tcheck_command\tcheck-host-alive
\tcheck_interval\t5.000000
\tmax_check_attempts\t3
\tactive_checks_enabled\t0
\t}

define service {
\thost_name\talpha
\tservice_description\tHTTP
\tdisplay_name\tWeb site
\tcheck_command\tcheck_http!-u /
\tcheck_interval\t1.000000
\tmax_check_attempts\t4
\t}

define service {
\thost_name\tbeta
\tservice_description\tHTTP
\tcheck_command\tcheck_http!-u /
\tcheck_interval\t1.000000
\tmax_check_attempts\t4
\t}

define service {
\thost_name\tbeta
\tservice_description\tDisk /
\tcheck_command\tcheck_disk
\tcheck_interval\t10.000000
\tmax_check_attempts\t2
\t}
`;

export interface StatusFixtureOptions {
  created?: number;
  pid?: number;
  alphaOutput?: string;
}

export function statusDat(opts: StatusFixtureOptions = {}): string {
  const created = opts.created ?? 1700000100;
  return `########################################
#          NAGIOS STATUS FILE
########################################

info {
\tcreated=${created}
\tversion=4.4.6
\t}

programstatus {
\tmodified_host_attributes=1
\tmodified_service_attributes=2
\tnagios_pid=${opts.pid ?? 424242}
\tdaemon_mode=1
\tprogram_start=1700000000
\tlast_log_rotation=1699990000
\tenable_notifications=1
\tactive_service_checks_enabled=1
\tpassive_service_checks_enabled=0
\tactive_host_checks_enabled=1
\tpassive_host_checks_enabled=1
\tenable_event_handlers=0
\tobsess_over_services=1
\tobsess_over_hosts=0
\tenable_flap_detection=1
\tprocess_performance_data=1
\tglobal_host_event_handler=host-handler
\tglobal_service_event_handler=
\tactive_scheduled_host_check_stats=4,20,60
\tactive_ondemand_host_check_stats=1,2,3
\tpassive_host_check_stats=0,1,2
\tactive_scheduled_service_check_stats=10,50,150
\tactive_ondemand_service_check_stats=0,0,1
\tpassive_service_check_stats=7,8,9
\t}

hoststatus {
\thost_name=alpha
\tcheck_command=check-host-alive
\tcheck_interval=5.000000
\thas_been_checked=1
\tcheck_execution_time=0.200
\tcheck_latency=0.010
\tcheck_type=0
\tcurrent_state=0
\tplugin_output=${opts.alphaOutput ?? 'PING OK - Packet loss = 0%, RTA = 0.05 ms'}
\tlong_plugin_output=
\tperformance_data=rta=0.05ms;100;500;0 pl=0%;20;60;0
\tlast_check=1700000090
\tnext_check=1700000390
\tcurrent_attempt=1
\tmax_attempts=3
\tstate_type=1
\tlast_state_change=1699000000
\tnotifications_enabled=1
\tproblem_has_been_acknowledged=0
\tacknowledgement_type=0
\tactive_checks_enabled=1
\tpassive_checks_enabled=1
\tis_flapping=0
\tscheduled_downtime_depth=0
\t_CUSTOM_VAR=0;value
\t}

hoststatus {
\thost_name=beta
\tcheck_command=check-host-alive
\tcheck_interval=5.000000
\thas_been_checked=1
\tcheck_execution_time=0.400
\tcheck_latency=0.030
\tcheck_type=0
\tcurrent_state=1
\tplugin_output=
\tlong_plugin_output=
\tperformance_data=
\tlast_check=1700000080
\tnext_check=1700000380
\tcurrent_attempt=2
\tmax_attempts=3
\tstate_type=0
\tlast_state_change=1700000080
\tnotifications_enabled=0
\tproblem_has_been_acknowledged=1
\tacknowledgement_type=2
\tactive_checks_enabled=0
\tpassive_checks_enabled=1
\tis_flapping=1
\tscheduled_downtime_depth=1
\t}

servicestatus {
\thost_name=alpha
\tservice_description=HTTP
\tcheck_command=check_http!-u /
\tcheck_interval=1.000000
\thas_been_checked=1
\tcheck_execution_time=0.100
\tcheck_latency=0.001
\tcheck_type=0
\tcurrent_state=2
\tcurrent_attempt=4
\tmax_attempts=4
\tstate_type=1
\tlast_state_change=1700000000
\tplugin_output=<a href="http://alpha/">HTTP CRITICAL</a> - a=b=c
\tlong_plugin_output=first line\\nsecond line with \\\\ backslash\\n<b>third</b>
\tperformance_data=time=0.1s;;;0 size=10B
\tlast_check=1700000095
\tnext_check=1700000155
\tnotifications_enabled=1
\tactive_checks_enabled=1
\tpassive_checks_enabled=1
\tproblem_has_been_acknowledged=1
\tacknowledgement_type=1
\tis_flapping=0
\tscheduled_downtime_depth=2
\t}

servicestatus {
\thost_name=beta
\tservice_description=HTTP
\tcheck_command=check_http!-u /
\tcheck_interval=1.000000
\thas_been_checked=1
\tcheck_execution_time=0.300
\tcheck_latency=0.005
\tcheck_type=1
\tcurrent_state=0
\tcurrent_attempt=1
\tmax_attempts=4
\tstate_type=1
\tplugin_output=Passive result: caf\u00e9 \u2713
\tlong_plugin_output=
\tperformance_data=
\tlast_check=1700000050
\tnext_check=0
\tnotifications_enabled=1
\tactive_checks_enabled=1
\tpassive_checks_enabled=1
\tproblem_has_been_acknowledged=0
\tacknowledgement_type=0
\tis_flapping=0
\tscheduled_downtime_depth=0
\t}

servicestatus {
\thost_name=beta
\tservice_description=Disk /
\tcheck_command=check_disk
\tcheck_interval=10.000000
\thas_been_checked=0
\tcheck_execution_time=0.000
\tcheck_latency=0.000
\tcheck_type=0
\tcurrent_state=0
\tcurrent_attempt=1
\tmax_attempts=2
\tstate_type=1
\tplugin_output=
\tlong_plugin_output=
\tperformance_data=
\tlast_check=0
\tnext_check=1700000200
\tnotifications_enabled=1
\tactive_checks_enabled=1
\tpassive_checks_enabled=1
\tproblem_has_been_acknowledged=0
\tacknowledgement_type=0
\tis_flapping=0
\tscheduled_downtime_depth=0
\t}

contactstatus {
\tcontact_name=admin
\thost_notifications_enabled=1
\t}

hostcomment {
\thost_name=beta
\tentry_type=4
\tcomment_id=7
\tsource=0
\tpersistent=1
\tentry_time=1700000085
\texpires=0
\texpire_time=0
\tauthor=Jane Admin
\tcomment_data=Disk swap; ticket #12 = open
\t}

servicecomment {
\thost_name=alpha
\tservice_description=HTTP
\tentry_type=1
\tcomment_id=8
\tsource=1
\tpersistent=0
\tentry_time=1700000090
\tauthor=bob
\tcomment_data=
\t}

hostdowntime {
\thost_name=beta
\tdowntime_id=3
\tcomment_id=9
\tentry_time=1700000000
\tstart_time=1700000000
\tend_time=1700003600
\ttriggered_by=0
\tfixed=1
\tduration=3600
\tauthor=Jane Admin
\tcomment=Maintenance
\t}

servicedowntime {
\thost_name=alpha
\tservice_description=HTTP
\tdowntime_id=4
\tentry_time=1700000000
\tstart_time=1700000000
\tend_time=1700007200
\ttriggered_by=0
\tfixed=0
\tduration=1800
\tauthor=bob
\tcomment=Flexible window
\t}
`;
}
