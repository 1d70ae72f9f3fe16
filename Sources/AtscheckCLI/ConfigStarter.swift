/// The commented `.atscheck.yml` that `atscheck config init` writes: every line an example
/// left commented out, so the starter changes nothing until a line is uncommented.
enum ConfigStarter {
    static let text = """
    # atscheck configuration: option defaults for each command.
    #
    # atscheck reads the nearest .atscheck.yml from the working directory up to the repository
    # root (the working directory only outside a repository), or the file of --config FILE;
    # --no-config reads none. It must not be writable by group or others. Under a command's name, each key is one of its
    # options, the long name without the dashes, with the value that would follow it: a list
    # for an option given several times, true or false for a flag. Under `all`, the options of
    # every command that has them. The command line wins over this file, this file over the
    # built-in default. Relative paths are read from this file's directory. An unknown command
    # or option is an error. `atscheck config show COMMAND` prints what COMMAND will use.

    all:
      # target: ios17                     # the OS release whose ATS is applied

    lint:
      # format: sarif                     # text, json, sarif, github, markdown
      # fail-on: warning                  # error, warning, notice or never
      # baseline: atscheck-baseline.json  # only findings it does not hold fail the run
      # disable: [legacy-key]             # rules turned off

    app:
      # offline: true                     # judge by the policies alone, no connection
      # exclude: ["Pods/**", "Carthage/**"]
      # fail-on: blocked,warning          # a verdict and/or a lint severity
      # baseline: atscheck-baseline.json  # from atscheck app --write-baseline

    scan:
      # policy: App/Info.plist
      # concurrency: 32
      # timeout: 10
      # fail-on: blocked                  # unknown (default), blocked or never

    host:
      # policy: App/Info.plist

    # Deliberate lint findings, each with a reason (and an optional last day):
    # rules:
    #   subdomains-on-public-suffix:
    #     accept:
    #       - domain: onion
    #         reason: Tor hidden services are chosen by the app's users
    #         expires: 2027-06-30
    #   legacy-key:
    #     severity: notice               # error, warning, notice or off

    # Loads known to be blocked (or unknown) and accepted, each with a reason:
    # accepted:
    #   - host: legacy-dev.example.com
    #     reason: the staging server speaks HTTP only; retired with release 5
    #     expires: 2027-03-31

    """
}
