return { text = "hello from lib/greeting.lua" }
