final u = Uri.parse('$a/${b.c}'); launchUrl(u);
