namespace Fine { class Ok { } }
