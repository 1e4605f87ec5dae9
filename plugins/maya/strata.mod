+ strata 0.1.0 .
PYTHONPATH+:=scripts
MAYA_SCRIPT_PATH+:=scripts
MAYA_PLUG_IN_PATH+:=plug-ins
