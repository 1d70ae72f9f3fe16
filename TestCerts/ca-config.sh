# Sourced by the scripts that sign extra leaves with the committed intermediate
# (generate-large-san.sh, generate-trust-edges.sh): write_ca_config DIR writes an
# `openssl ca` configuration to DIR/ca.cnf whose database and serial live in DIR.
write_ca_config() {
  cat > "$1/ca.cnf" <<CNF
[ ca ]
default_ca = ca_default
[ ca_default ]
dir = $1
database = $1/index.txt
new_certs_dir = $1
serial = $1/serial
default_md = sha256
policy = policy_any
unique_subject = no
email_in_dn = no
preserve = yes
copy_extensions = none
[ policy_any ]
organizationName = optional
commonName = supplied
[ req ]
distinguished_name = req_dn
[ req_dn ]
CNF
}
